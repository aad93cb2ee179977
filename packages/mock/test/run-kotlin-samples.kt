// Runs the Kotlin samples of the reference, compiled together (docs-samples-jvm.test.js), in one JVM: each named
// class's main in turn. One that throws is named on stderr, and the others still run; the exit status says whether any
// threw.
@file:JvmName("RunKotlinSamples")

package samples

fun main(args: Array<String>) {
    var failed = 0
    for (name in args) {
        try {
            Class.forName(name).getMethod("main", Array<String>::class.java).invoke(null, arrayOf<String>())
        } catch (error: Throwable) {
            failed++
            System.err.println("$name: ${error.cause ?: error}")
        }
    }
    System.exit(if (failed == 0) 0 else 1)
}

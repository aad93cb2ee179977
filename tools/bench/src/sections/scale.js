export async function benchScale() { return { id: 'scale', title: 'Scale', markdown: 'todo', targets: [] }; }

// Uploads invoice.pdf as the file part `document` with Go's mime/multipart (CreateFormFile, whose part type is
// application/octet-stream), as a Go service does. Standard library only.
// Usage: go run send-with-go.go URL (run from this folder)
package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
)

func main() {
	if err := upload(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func upload(url string) error {
	invoice, err := os.Open("invoice.pdf")
	if err != nil {
		return err
	}
	defer invoice.Close()
	var body bytes.Buffer
	form := multipart.NewWriter(&body)
	part, err := form.CreateFormFile("document", "invoice.pdf")
	if err != nil {
		return err
	}
	if _, err := io.Copy(part, invoice); err != nil {
		return err
	}
	if err := form.Close(); err != nil {
		return err
	}
	request, err := http.NewRequest(http.MethodPut, url, &body)
	if err != nil {
		return err
	}
	request.Header.Set("Content-Type", form.FormDataContentType())
	response, err := http.DefaultClient.Do(request)
	if err != nil {
		return err
	}
	defer response.Body.Close()
	if response.StatusCode != http.StatusOK {
		return fmt.Errorf("answered %d", response.StatusCode)
	}
	return nil
}

// assets.go embeds the page: index.html, style.css and app.js (plain
// JavaScript, no build step), served as they are.
package gui

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed static
var static embed.FS

// staticHandler serves the embedded files at the root.
func staticHandler() http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree always has static/
	}
	fs := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:")
		fs.ServeHTTP(w, r)
	})
}

//go:build !cgo || !unix

// nolibrary.go stands in for library.go in builds without cgo or dlopen:
// loading a CheckerBoard library is refused with ErrNeedsCgo.
package cbhost

// Supported says whether this build can load CheckerBoard libraries.
const Supported = false

func openLibrary(path string) (library, error) { return nil, ErrNeedsCgo }

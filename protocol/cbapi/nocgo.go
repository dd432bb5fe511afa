//go:build !cgo

// Package main is crown's CheckerBoard engine library; without cgo there is
// nothing to build (see cbapi.go and scripts/build-cbapi.sh).
package main

func main() {}

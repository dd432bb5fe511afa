// gui_test.go tests `crown gui`'s warning for an address other machines can
// reach: --addr :PORT and 0.0.0.0 listen on every interface, a LAN address
// on that one; loopback addresses are quiet.
package main

import (
	"net"
	"strings"
	"testing"
)

func TestGUIExposedWarning(t *testing.T) {
	for _, c := range []struct {
		addr string
		warn string // "" for none
	}{
		{"127.0.0.1:8080", ""},
		{"[::1]:8080", ""},
		{"127.0.0.2:8080", ""},
		{":8080", "every network interface"},
		{"0.0.0.0:8080", "every network interface"},
		{"[::]:8080", "every network interface"},
		{"192.168.1.20:8080", "non-loopback"},
	} {
		a, err := net.ResolveTCPAddr("tcp", c.addr)
		if err != nil {
			t.Fatal(err)
		}
		got := exposedWarning(a)
		if (c.warn == "") != (got == "") || !strings.Contains(got, c.warn) {
			t.Errorf("%s: warning %q, want one with %q", c.addr, got, c.warn)
		}
	}
}

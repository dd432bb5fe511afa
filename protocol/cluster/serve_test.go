package cluster

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeRefusesBadSetups: a taken port, an unusable store and bad
// options fail at once with an error that says why.
func TestServeRefusesBadSetups(t *testing.T) {
	c := coordinator(t, ServeOptions{})
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		o    ServeOptions
		want string
	}{
		{ServeOptions{Listen: strings.TrimPrefix(c.URL(), "nats://")}, "address already in use"},
		{ServeOptions{StoreDir: file}, "not a directory"},
		{ServeOptions{Listen: "nohost"}, "listen address"},
		{ServeOptions{Token: "t", NKeys: []string{"U"}}, "not both"},
		{ServeOptions{Lease: time.Millisecond}, "too short"},
		{ServeOptions{TLSCert: "/nonexistent", TLSKey: "/nonexistent"}, "TLS"},
	} {
		if tc.o.Listen == "" {
			tc.o.Listen = "127.0.0.1:0"
		}
		if tc.o.StoreDir == "" {
			tc.o.StoreDir = t.TempDir()
		}
		start := time.Now()
		_, err := Serve(context.Background(), tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) || time.Since(start) > 3*time.Second {
			t.Errorf("%+v: %v after %s, want an error with %q", tc.o, err, time.Since(start), tc.want)
		}
	}
}

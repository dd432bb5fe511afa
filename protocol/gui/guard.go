// guard.go keeps other web pages out. A page from another site may make the
// browser send requests to this server (cross-site requests, or DNS
// rebinding: a hostile name that resolves to 127.0.0.1). So every request
// must name this server in its Host header (an IP address, localhost, or a
// name the user listed) and, when the browser sends an Origin, come from
// this same host; a command must also carry JSON, which no plain HTML form
// can send.
package gui

import (
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// guard wraps h with the Host and Origin checks; hosts are extra host
// names accepted besides IP addresses and localhost.
func guard(h http.Handler, hosts []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, hosts) {
			httpError(w, http.StatusForbidden, "host "+r.Host+" is not this server (use http://127.0.0.1 or localhost)")
			return
		}
		if o := r.Header.Get("Origin"); o != "" {
			u, err := url.Parse(o)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || !strings.EqualFold(u.Host, r.Host) {
				httpError(w, http.StatusForbidden, "cross-origin request from "+o+" refused")
				return
			}
		}
		if s := r.Header.Get("Sec-Fetch-Site"); s == "cross-site" || s == "same-site" {
			httpError(w, http.StatusForbidden, "cross-site request refused")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// hostAllowed accepts an IP literal, localhost, or one of hosts, with or
// without a port.
func hostAllowed(host string, hosts []string) bool {
	if host == "" {
		return false
	}
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")
	if net.ParseIP(name) != nil {
		return true
	}
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	return name == "localhost" || slices.Contains(hosts, name)
}

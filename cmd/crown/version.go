// version.go says which crown build this is, for the cluster's identity
// check (a worker or submitter of another build is refused by the
// coordinator): the module version when crown was installed at one, else
// the VCS revision it was built from (with "-dirty" for uncommitted
// changes), else "devel"; and the checksum of the embedded trained
// network, the CRC-32C that `crown net info` prints.
package main

import (
	"fmt"
	"runtime/debug"

	"crown/nets/netinfo"
	"crown/nets/nnue"
	"crown/protocol/cluster"
)

// crownVersion is this build's version.
func crownVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return rev
}

// crownIdentity is what the cluster compares.
func crownIdentity() cluster.Identity {
	return cluster.Identity{Version: crownVersion(), Network: fmt.Sprintf("%08x", netinfo.PayloadCRC(nnue.DefaultBytes()))}
}

// identity.go is what a coordinator, its workers and its submitters must
// agree on before any job moves: the crown version and the checksum of the
// embedded network. A worker of another build could play other moves and
// a result computed by it would silently differ from a local run's, so a
// mismatch is refused at connection time, and the identity's hash is part
// of every job and result subject so that results of another build are
// never taken for this one's.
package cluster

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
)

// Identity is the build a coordinator serves.
type Identity struct {
	Version string `json:"version"` // crown's version (module version or VCS revision)
	Network string `json:"network"` // checksum of the embedded default network
}

// ErrIdentity is returned (wrapped) when a worker or submitter is not the
// coordinator's build.
var ErrIdentity = errors.New("coordinator runs another crown build")

// hash is the identity's subject token: 12 hex digits of its SHA-256.
func (id Identity) hash() string {
	sum := sha256.Sum256([]byte(id.Version + "\x00" + id.Network))
	return hex.EncodeToString(sum[:6])
}

// String is the identity as logs print it.
func (id Identity) String() string {
	return fmt.Sprintf("version %s, network %s", id.Version, id.Network)
}

// check compares ours with the coordinator's.
func (id Identity) check(coord Identity) error {
	if id == coord {
		return nil
	}
	return fmt.Errorf("%w: coordinator has %s, this process %s", ErrIdentity, coord, id)
}

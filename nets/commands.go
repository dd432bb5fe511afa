// commands.go holds what `crown net export`, `import` and `random` do:
// a weight file (or the embedded network) written as JSON, a JSON network
// written as a weight file, and a generation-0 network as the seeds drew
// theirs.
package nets

import (
	"fmt"
	"math/rand/v2"

	"crown/engine/fsutil"
)

// ReadFile reads the weight file at path, or the embedded network when
// path is "", and returns its bytes with a name for messages.
func ReadFile(path string) (data []byte, name string, err error) {
	if path == "" {
		return DefaultBytes(), "embedded default", nil
	}
	data, err = fsutil.ReadFile(path)
	return data, path, err
}

// ExportJSON writes the network of the weight file at path ("": the
// embedded one) as JSON to out.
func ExportJSON(path, out string) error {
	data, name, err := ReadFile(path)
	if err != nil {
		return err
	}
	n, err := Unmarshal(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	js, err := n.MarshalJSON()
	if err != nil {
		return err
	}
	return fsutil.WriteAtomic(out, js)
}

// ImportJSON reads the JSON network at path and writes it as a weight
// file to out.
func ImportJSON(path, out string) error {
	data, err := fsutil.ReadFile(path)
	if err != nil {
		return err
	}
	n, err := ParseJSON(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return n.Save(out)
}

// WriteRandom writes to out a network of the architecture named arch
// (plain or spatial) initialised as the seeds' generation 0 from the PCG
// stream of seed; sigma keeps the self-adaptive step sizes.
func WriteRandom(arch string, seed uint64, sigma bool, out string) error {
	a, err := ParseArch(arch)
	if err != nil {
		return err
	}
	n := Random(a, rand.New(rand.NewPCG(seed, 0)))
	if !sigma {
		n.Sigma = nil
	}
	return n.Save(out)
}

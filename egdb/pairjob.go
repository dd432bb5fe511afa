// pairjob.go is what travels between a build that runs on a cluster and
// its workers: PairJob asks for one pair and names, by SHA-256, the file
// of every slice the solve may read (the files themselves travel once
// through the cluster's shared files); PairOutput answers with each
// finished slice's file by SHA-256 (shared the same way, so no result
// message limit applies), its size and counts, and the solve's rounds and
// time for the log. Both are JSON; the decoders check everything, since
// the bytes come from another machine.
package egdb

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"crown/engine/board"
)

// PairJob asks for material Pair's pair (its canonical member), solved
// under Variant's rules.
type PairJob struct {
	Variant board.Variant
	Pair    Material
	Files   map[Material]string // SHA-256 (hex) of the file of every slice in sliceClosure(Pair)
}

// OutputSlice is one finished slice of a PairOutput.
type OutputSlice struct {
	Material Material
	File     string // SHA-256 (hex) of the slice file
	Bytes    int64
	Stats    Stats
}

// PairOutput is a solved pair: its slices in pairOf order.
type PairOutput struct {
	Pair    Material
	Slices  []OutputSlice
	Rounds  int
	Seconds float64
}

// maxWire bounds an encoded job or output (a job for an 8-piece pair names
// a few hundred files of 80 bytes each).
const maxWire = 1 << 20

type wireJob struct {
	Variant string            `json:"variant,omitempty"` // "": English, as before variants
	Pair    string            `json:"pair"`
	Files   map[string]string `json:"files"`
}

type wireSlice struct {
	Slice string `json:"slice"`
	File  string `json:"file"`
	Bytes int64  `json:"bytes"`
	Win   uint64 `json:"win"`
	Loss  uint64 `json:"loss"`
	Draw  uint64 `json:"draw"`
}

type wireOutput struct {
	Pair    string      `json:"pair"`
	Slices  []wireSlice `json:"slices"`
	Rounds  int         `json:"rounds"`
	Seconds float64     `json:"seconds"`
}

// fileSum is the SHA-256 of a file's contents in hex, the name a file
// goes by between machines.
func fileSum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// checkSum accepts a SHA-256 in lower-case hex.
func checkSum(s string) error {
	if len(s) != 2*sha256.Size {
		return fmt.Errorf("checksum %q: want %d hex digits", s, 2*sha256.Size)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return fmt.Errorf("checksum %q: want lower-case hex digits", s)
		}
	}
	return nil
}

// Marshal encodes the job (map keys sorted: equal jobs, equal bytes).
func (j PairJob) Marshal() []byte {
	w := wireJob{Pair: j.Pair.Name(), Files: make(map[string]string, len(j.Files))}
	if j.Variant != board.English {
		w.Variant = j.Variant.String()
	}
	for m, sum := range j.Files {
		w.Files[m.Name()] = sum
	}
	b, _ := json.Marshal(w) // strings only: cannot fail
	return b
}

// UnmarshalPairJob decodes and checks a job: a pair, and a well-formed
// checksum for exactly the slices the pair may read.
func UnmarshalPairJob(data []byte) (PairJob, error) {
	var w wireJob
	pair, err := decodeWire(data, "pair job", &w, &w.Pair)
	if err != nil {
		return PairJob{}, err
	}
	j := PairJob{Pair: pair, Files: make(map[Material]string, len(w.Files))}
	if w.Variant != "" {
		if j.Variant, err = board.ParseVariant(w.Variant); err != nil {
			return PairJob{}, fmt.Errorf("egdb: pair job %s: %w", w.Pair, err)
		}
	}
	need := sliceClosure(pair)
	for name, sum := range w.Files {
		m, err := parseName(name)
		if err != nil {
			return PairJob{}, fmt.Errorf("egdb: pair job %s: %w", w.Pair, err)
		}
		if !slices.Contains(need, m) {
			return PairJob{}, fmt.Errorf("egdb: pair job %s names slice %s, which the pair does not read", w.Pair, name)
		}
		if err := checkSum(sum); err != nil {
			return PairJob{}, fmt.Errorf("egdb: pair job %s, slice %s: %w", w.Pair, name, err)
		}
		j.Files[m] = sum
	}
	for _, m := range need {
		if _, ok := j.Files[m]; !ok {
			return PairJob{}, fmt.Errorf("egdb: pair job %s: no file for slice %s, which the pair reads", w.Pair, m.Name())
		}
	}
	return j, nil
}

// Marshal encodes the output.
func (o PairOutput) Marshal() []byte {
	w := wireOutput{Pair: o.Pair.Name(), Rounds: o.Rounds, Seconds: o.Seconds}
	for _, s := range o.Slices {
		w.Slices = append(w.Slices, wireSlice{Slice: s.Material.Name(), File: s.File, Bytes: s.Bytes,
			Win: s.Stats.Win, Loss: s.Stats.Loss, Draw: s.Stats.Draw})
	}
	b, err := json.Marshal(w)
	if err != nil { // only a NaN or infinite Seconds
		w.Seconds = 0
		b, _ = json.Marshal(w)
	}
	return b
}

// UnmarshalPairOutput decodes and checks an output: a pair and exactly
// its slices, in order, each with a well-formed checksum, a positive size
// and counts that add up to the slice's index space at most.
func UnmarshalPairOutput(data []byte) (PairOutput, error) {
	var w wireOutput
	pair, err := decodeWire(data, "pair output", &w, &w.Pair)
	if err != nil {
		return PairOutput{}, err
	}
	if w.Rounds < 0 || w.Seconds < 0 || math.IsNaN(w.Seconds) {
		return PairOutput{}, fmt.Errorf("egdb: pair output %s: rounds %d, seconds %v", w.Pair, w.Rounds, w.Seconds)
	}
	want := pairOf(pair)
	n := 2
	if want[1] == pair {
		n = 1
	}
	if len(w.Slices) != n {
		return PairOutput{}, fmt.Errorf("egdb: pair output %s: %d slices, want %d", w.Pair, len(w.Slices), n)
	}
	o := PairOutput{Pair: pair, Rounds: w.Rounds, Seconds: w.Seconds}
	for i, s := range w.Slices {
		if s.Slice != want[i].Name() {
			return PairOutput{}, fmt.Errorf("egdb: pair output %s: slice %q in place of %s", w.Pair, s.Slice, want[i].Name())
		}
		if err := checkSum(s.File); err != nil {
			return PairOutput{}, fmt.Errorf("egdb: pair output %s, slice %s: %w", w.Pair, s.Slice, err)
		}
		size := newIndexer(want[i]).size
		if s.Bytes <= 0 || s.Win > size || s.Loss > size || s.Draw > size || s.Win+s.Loss+s.Draw > size {
			return PairOutput{}, fmt.Errorf("egdb: pair output %s, slice %s: %d bytes, counts %d/%d/%d for %d entries",
				w.Pair, s.Slice, s.Bytes, s.Win, s.Loss, s.Draw, size)
		}
		o.Slices = append(o.Slices, OutputSlice{Material: want[i], File: s.File, Bytes: s.Bytes, Stats: Stats{s.Win, s.Loss, s.Draw}})
	}
	return o, nil
}

// decodeWire decodes a message of the kind what (at most maxWire bytes) into
// w, then parses and checks the pair its field *pairName names.
func decodeWire(data []byte, what string, w any, pairName *string) (Material, error) {
	if len(data) > maxWire {
		return Material{}, fmt.Errorf("egdb: %s of %d bytes: at most %d", what, len(data), maxWire)
	}
	if err := json.Unmarshal(data, w); err != nil {
		return Material{}, fmt.Errorf("egdb: %s: %w", what, err)
	}
	pair, err := parseName(*pairName)
	if err == nil {
		err = checkPair(pair)
	}
	if err != nil {
		return Material{}, fmt.Errorf("egdb: %s: %w", what, err)
	}
	return pair, nil
}

// request.go reads the JSON bodies of the page's commands: one small struct
// per command, unknown fields and trailing data refused, a size limit, and a
// check of every value, so a malformed request is answered 400 with a
// message before anything changes. parseRequest is the one entry point (and
// the fuzz target).
package gui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/players"
)

// maxBody bounds a request body; a PDN of a few hundred games fits.
const maxBody = 1 << 20

// guiEvaluators are the evaluators of the page's menus: the registry's
// menu rows, engine mode's default first.
func guiEvaluators() []string { return players.MenuNames() }

// allowedEvaluators are those a request may name: the menus' and each
// variant's default (the Russian network), which the page adds to its menu
// in that variant.
func allowedEvaluators() []string {
	names := guiEvaluators()
	for v := range board.Variant(board.NumVariants) {
		if d := players.DefaultEvalFor(v); !slices.Contains(names, d) {
			names = append(names, d)
		}
	}
	return names
}

// settings are how crown plays and analyses; sent with go, analyse and graph.
type settings struct {
	Evaluator  string `json:"evaluator"`   // one of guiEvaluators; "" is engine mode's default
	MoveTimeMS int    `json:"movetime_ms"` // time per move; 0 with depth 0 means 1000
	Depth      int    `json:"depth"`       // fixed depth instead of time (0: none)
	Skill      int    `json:"skill"`       // strength 1-10 for playing (0: full strength); analysis is always full

	// defaulted: the request named no evaluator, so the game's variant
	// picks it (forVariant); variant: the rules searched, set from the
	// page's game when a search starts (a match stays English).
	defaulted bool
	variant   board.Variant
}

// forVariant is set for a search of a game of variant v: the variant's
// default evaluator when the request named none (material in Russian and
// Brazilian draughts: players.DefaultEvalFor).
func (s settings) forVariant(v board.Variant) settings {
	s.variant = v
	if s.defaulted {
		s.Evaluator = players.DefaultEvalFor(v)
	}
	return s
}

// skill is the playing strength of set (protocol.MaxSkill when not given).
func (s settings) skill() int {
	if s.Skill == 0 {
		return protocol.MaxSkill
	}
	return s.Skill
}

func (s *settings) check() error {
	if s.Evaluator == "" {
		s.Evaluator, s.defaulted = guiEvaluators()[0], true
	}
	if !slices.Contains(allowedEvaluators(), s.Evaluator) {
		return fmt.Errorf("evaluator %q: want one of %v", s.Evaluator, allowedEvaluators())
	}
	if s.MoveTimeMS < 0 || s.MoveTimeMS > 600_000 {
		return fmt.Errorf("movetime_ms %d: want 0-600000", s.MoveTimeMS)
	}
	if s.Skill < 0 || s.Skill > protocol.MaxSkill {
		return fmt.Errorf("skill %d: want 1 (a beginner) to %d (full strength), or 0 for full", s.Skill, protocol.MaxSkill)
	}
	if s.Depth < 0 || s.Depth > search.MaxDepth {
		return fmt.Errorf("depth %d: want 0-%d", s.Depth, search.MaxDepth)
	}
	if s.MoveTimeMS == 0 && s.Depth == 0 {
		s.MoveTimeMS = 1000
	}
	return nil
}

// Bodies of the commands that carry data.
type (
	moveRequest struct {
		Move string `json:"move"` // 11-15, 15x22, 1x10x19
	}
	gotoRequest struct {
		Ply *int `json:"ply"`
	}
	emptyRequest struct{}
)

func (r *moveRequest) check() error {
	if r.Move == "" {
		return errors.New(`"move" is missing`)
	}
	return nil
}

func (r *gotoRequest) check() error {
	if r.Ply == nil {
		return errors.New(`"ply" is missing`)
	}
	return nil
}

func (r *newGameRequest) check() error { return nil } // lineFor checks the rest
func (r *loadPDNRequest) check() error {
	if r.PDN == "" {
		return errors.New(`"pdn" is missing`)
	}
	if r.Game < 0 {
		return fmt.Errorf("game %d: want 1 or more", r.Game)
	}
	return nil
}
func (r *emptyRequest) check() error { return nil }

// checker is a request body that validates itself.
type checker interface{ check() error }

// parseRequest decodes data into v and checks it. An empty body is {}.
func parseRequest(data []byte, v checker) error {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		data = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("bad JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("bad JSON: data after the object")
	}
	return v.check()
}

// readRequest reads r's body into v: JSON content type, at most maxBody bytes.
func readRequest(w http.ResponseWriter, r *http.Request, v checker) error {
	if r.ContentLength != 0 || r.Header.Get("Content-Type") != "" {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			return errors.New("the body must be application/json")
		}
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return fmt.Errorf("reading the body: %w", err)
	}
	return parseRequest(data, v)
}

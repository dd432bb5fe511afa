// variantflag.go reads every command's --variant flag into a board.Variant
// when the flags are parsed, through board.ParseVariant, so that a
// command's Run gets the game itself and a bad name stops the command with
// one message naming the flag: `--variant: unknown variant "polish" ...`.
package main

import (
	"errors"
	"reflect"

	"github.com/alecthomas/kong"

	"crown/engine/board"
)

// variantMapper decodes a variant name into a board.Variant field.
type variantMapper struct{}

// Decode implements kong.Mapper. kong prefixes errors with the flag.
func (variantMapper) Decode(ctx *kong.DecodeContext, target reflect.Value) error {
	tok := ctx.Scan.Pop()
	if tok.IsEOL() {
		return errors.New("missing value")
	}
	v, err := board.ParseVariant(tok.String())
	if err != nil {
		return err
	}
	target.Set(reflect.ValueOf(v))
	return nil
}

// variantOption registers variantMapper for every board.Variant field.
func variantOption() kong.Option {
	return kong.TypeMapper(reflect.TypeFor[board.Variant](), variantMapper{})
}

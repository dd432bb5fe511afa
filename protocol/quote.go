// quote.go writes client input back into error lines safely. An error line
// that echoes what the client sent must stay one short line of valid UTF-8
// whatever arrived: a megabyte of position text, raw bytes or control
// characters would otherwise reach the client's parser (or its log)
// verbatim. Quote keeps a short prefix, escapes everything that is not
// printable, and says how much was cut.
package protocol

import (
	"strconv"
	"unicode/utf8"
)

// quoteMax is how many bytes of client input an error line quotes: enough
// for a position string (33 characters) or a FEN of a middle game, and
// short enough that an error line stays readable on a terminal.
const quoteMax = 48

// Quote returns s as a double-quoted Go string literal of at most quoteMax
// bytes of s (escaped: invalid UTF-8 and control characters become \x..
// escapes), followed by the number of bytes left out when s was longer.
func Quote(s string) string {
	if len(s) <= quoteMax {
		return strconv.QuoteToASCII(s)
	}
	cut := quoteMax
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.QuoteToASCII(s[:cut]) + "... (" + strconv.Itoa(len(s)-cut) + " more bytes)"
}

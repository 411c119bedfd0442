package interp

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"github.com/xqrules/xqrules/facts"
)

// reasonData is what a move rule's reason template sees: the move's facts
// (embedded: .Piece, .ICCS, .CN, .Check, .Checkers, .MateThreat …) and the
// rule's evidence — the first threat or offer that made it hold, and all of
// them.
type reasonData struct {
	facts.Move
	Threat  facts.Threat
	Threats []facts.Threat
	Back    Counter
	Offer   facts.Offer
	Offers  []facts.Offer
	Label   string
}

// verdictData is what a verdict row's reason template sees.
type verdictData struct {
	Side  SideEnv
	Other SideEnv
	Cycle CycleEnv
	// Patterns that hold for each side, by display name.
	SidePatterns, OtherPatterns []string
}

var protectionZH = map[string]string{"none": "无根", "real": "有根", "false": "假根", "insufficient": "少根"}

var templateFuncs = template.FuncMap{
	// piece: "车 i9".
	"piece": func(p facts.Piece) string { return pieceText(p) },
	// pieces: "车 i9, 马 h6".
	"pieces": func(ps []facts.Piece) string {
		parts := make([]string, len(ps))
		for i, p := range ps {
			parts[i] = pieceText(p)
		}
		return strings.Join(parts, ", ")
	},
	// takers: the pieces that can take an offered piece.
	"takers": func(ts []facts.Taker) string {
		parts := make([]string, len(ts))
		for i, t := range ts {
			parts[i] = pieceText(t.Piece)
		}
		return strings.Join(parts, ", ")
	},
	// prot: a protection in the books' words (无根 有根 假根 少根).
	"prot": func(s string) string {
		if z, ok := protectionZH[s]; ok {
			return z
		}
		return s
	},
	// line: a line of moves, space separated.
	"line": func(l []string) string { return strings.Join(l, " ") },
	// side: 红方 / 黑方.
	"side": func(s string) string {
		if s == "red" {
			return "红方"
		}
		if s == "black" {
			return "黑方"
		}
		return s
	},
	// labels: a side's labels joined (捉 闲 捉 闲).
	"labels": func(l []string) string { return strings.Join(l, " ") },
	"join":   strings.Join,
	// victims: the pieces a side chases.
	"victims": func(vs []Victim) string {
		parts := make([]string, len(vs))
		for i, v := range vs {
			parts[i] = pieceText(v.Piece)
		}
		return strings.Join(parts, ", ")
	},
}

func pieceText(p facts.Piece) string {
	if p.CN == "" && p.Square == "" {
		return "?"
	}
	if p.CN == "" {
		return p.Square
	}
	return p.CN + " " + p.Square
}

var templatePos = regexp.MustCompile(`^template: [^:]*:(\d+)(?::(\d+))?: (.*)$`)

// compileTemplate parses a reason template and runs it once on zero data
// of data's type, so a misspelt field is refused at load, not at run time.
func (c *compiler) compileTemplate(src exprSrc, rule string, data any) *reasonTmpl {
	if !src.set {
		return nil
	}
	key := fmt.Sprintf("%T\x00%s", data, src.text)
	if t, ok := c.tmplCache[key]; ok {
		return t
	}
	t, err := template.New("reason").Funcs(templateFuncs).Option("missingkey=error").Parse(src.text)
	if err == nil {
		var b strings.Builder
		err = t.Execute(&b, data)
	}
	if err == nil {
		rt := &reasonTmpl{t: t}
		if old, ok := templates.LoadOrStore(key, rt); ok {
			rt = old.(*reasonTmpl)
		}
		if c.tmplCache != nil {
			c.tmplCache[key] = rt
		}
		return rt
	}
	{
		msg, at := err.Error(), 0
		if m := templatePos.FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			col := 0
			if m[2] != "" {
				col, _ = strconv.Atoi(m[2])
			}
			at = runeIndex(src.text, line, col)
			msg = m[3]
			if i := strings.Index(msg, "executing \"reason\" at "); i >= 0 {
				msg = msg[i+len("executing \"reason\" at "):]
			}
		}
		c.errs = append(c.errs, src.f.errorAt(src.locate(at), rule, CodeTemplate, "reason template: %s", msg))
		return nil
	}
}

// templates holds the compiled reason templates by data type and text,
// shared by the books with the same reason, like programs.
var templates sync.Map // key → *reasonTmpl

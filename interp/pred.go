package interp

import (
	"github.com/expr-lang/expr/vm"
)

// pred is a compiled predicate or grade: an expr program, run on expr's VM
// against the value-struct environment of its place in the book (MoveEnv,
// ThreatEnv, OfferEnv, SideEnv, VerdictEnv). Programs are shared by the
// books with the same expression in the same place (internProgram), so a
// predicate's result on a set of facts is computed once for all of them
// (envSet.results).
type pred struct {
	prog *vm.Program
}

func newPred(prog *vm.Program) *pred { return &pred{prog: prog} }

// runBool evaluates a predicate (compiled with expr.AsBool) on env.
func (p *pred) runBool(m *vm.VM, env any) (bool, error) {
	out, err := m.Run(p.prog, env)
	if err != nil {
		return false, err
	}
	v, _ := out.(bool)
	return v, nil
}

// runInt evaluates a grade (compiled with expr.AsInt) on env.
func (p *pred) runInt(m *vm.VM, env any) (int, error) {
	out, err := m.Run(p.prog, env)
	if err != nil {
		return 0, err
	}
	v, _ := out.(int)
	return v, nil
}

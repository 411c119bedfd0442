package interp

import (
	"github.com/expr-lang/expr/vm"
)

// pred is a compiled predicate or grade: an expr program, run on expr's VM
// against the value-struct environment of its place in the book (MoveEnv,
// ThreatEnv, OfferEnv, SideEnv, VerdictEnv). Programs are shared by the
// books with the same expression in the same place (internProgram), so a
// predicate's result on a set of facts is computed once for all of them
// (envSet.results, runAt).
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

// run evaluates predicate p on env (an environment, boxed by value); an
// error stops the book's ruling (ev.err), naming the clause and where its
// expression is written.
func (ev *evaluator) run(p *pred, env any, cl *Clause, src exprSrc) bool {
	if ev.err != nil || p == nil {
		return false
	}
	v, err := p.runBool(&ev.s.vm, env)
	if err != nil {
		ev.fail(err, cl, src)
	}
	return v
}

// runAt is run for move-level environments: p on move (elem -1) or its
// threat or offer elem (forWhat), once for all the books that use it on the
// same set of facts (the result is kept in the set).
func (ev *evaluator) runAt(p *pred, forWhat string, move, elem int, cl *Clause, src *exprSrc) bool {
	if ev.err != nil || p == nil {
		return false
	}
	set := ev.envSet()
	at := set.resultsOf(p) + set.envIndex(forWhat, move, elem)
	if v := set.results[at]; v != 0 {
		return v == 2
	}
	var env any
	if forWhat == ForMove {
		env = ev.moveEnv(move)
	} else {
		env = ev.elemEnv(forWhat, move, elem)
	}
	v := ev.run(p, env, cl, *src)
	if ev.err == nil {
		set.results[at] = 1
		if v {
			set.results[at] = 2
		}
	}
	return v
}

// runInt evaluates a grade on env.
func (ev *evaluator) runInt(p *pred, env any, cl *Clause, src exprSrc) int {
	if ev.err != nil || p == nil {
		return 0
	}
	v, err := p.runInt(&ev.s.vm, env)
	if err != nil {
		ev.fail(err, cl, src)
	}
	return v
}

// fail records that an expression could not be evaluated.
func (ev *evaluator) fail(err error, cl *Clause, src exprSrc) {
	ev.err = &RuleError{Book: ev.b.ID, Err: src.f.errorAt(src.locate(0), cl.ID, CodeExpr, "cannot be evaluated: %v", err)}
}

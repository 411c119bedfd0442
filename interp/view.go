package interp

import (
	"fmt"
	"reflect"
	"unsafe"
)

// An environment of a move rule holds the move's facts twice over (the
// move and the one before it) and, with `for`, the threat or offer too:
// building one is copying one or two kilobytes of facts — write barriers
// and all while the collector runs — for each move, threat and offer of
// each set of facts, and that was most of a ruling's work and of what it
// allocated. So the fast forms of move, threat and offer predicates read a
// view instead: a struct of the addresses of the environment's top-level
// fields, in order (moveView, threatView, offerView in env.go), which the
// interpreter builds from pointers into the facts. The VM still takes the
// environment itself; it is filled from the view when a predicate without
// a fast form runs (and when the tests check a fast form against the VM).

// viewKind describes the view of one environment type.
type viewKind struct {
	envT reflect.Type
	// ptr is the runtime type (eface word) of a pointer to the view; a
	// view is passed to a predicate as that pointer.
	// ptr is nil when the fast forms are off (fastOK); the interpreter
	// then passes every predicate an environment filled from the view.
	ptr unsafe.Pointer
	// offsets of the environment's fields, in order: field k of a view is
	// the address of field k of the environment.
	offsets []uintptr
}

// viewKinds are the environments read through views, by type.
var viewKinds = map[reflect.Type]*viewKind{}

func init() {
	registerView(MoveEnv{}, moveView{})
	registerView(ThreatEnv{}, threatView{})
	registerView(OfferEnv{}, offerView{})
}

// registerView registers view as the view of env. Its fields must be, in
// order, pointers to env's fields of the same names: anything else is a
// mistake in env.go, refused at start-up.
func registerView(env, view any) {
	et, vt := reflect.TypeOf(env), reflect.TypeOf(view)
	if !viewMirrors(et, vt) {
		panic(fmt.Sprintf("interp: %v is not a view of %v", vt, et))
	}
	k := &viewKind{envT: et}
	if fastOK {
		var p any = reflect.New(vt).Interface()
		k.ptr = efaceOf(&p).typ
	}
	for i := range et.NumField() {
		k.offsets = append(k.offsets, et.Field(i).Offset)
	}
	viewKinds[et] = k
}

// viewMirrors: field i of vt is a pointer to field i of et, with the same
// name, and vt has nothing else (so it is laid out as an array of
// pointers).
func viewMirrors(et, vt reflect.Type) bool {
	if et.Kind() != reflect.Struct || vt.Kind() != reflect.Struct || et.NumField() != vt.NumField() {
		return false
	}
	ptrSize := unsafe.Sizeof(uintptr(0))
	for i := range et.NumField() {
		ef, vf := et.Field(i), vt.Field(i)
		if ef.Name != vf.Name || vf.Type != reflect.PointerTo(ef.Type) || vf.Offset != uintptr(i)*ptrSize {
			return false
		}
	}
	return vt.Size() == uintptr(et.NumField())*ptrSize
}

// field returns the address held in field i of the view at v.
func viewField(v unsafe.Pointer, i int) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Add(v, uintptr(i)*unsafe.Sizeof(uintptr(0))))
}

// of returns the view of the environment at env (allocating it: for the
// callers that pass an environment itself).
func (k *viewKind) of(env unsafe.Pointer) unsafe.Pointer {
	v := make([]unsafe.Pointer, len(k.offsets))
	for i, off := range k.offsets {
		v[i] = unsafe.Add(env, off)
	}
	return unsafe.Pointer(&v[0])
}

// fill copies into the environment at dst the fields the view at v
// points to, but those the view at last (nil: none) points to as well:
// they are there already.
func (k *viewKind) fill(dst, v, last unsafe.Pointer) {
	d := reflect.NewAt(k.envT, dst).Elem()
	for i := range k.offsets {
		src := viewField(v, i)
		if last != nil && viewField(last, i) == src {
			continue
		}
		f := d.Field(i)
		f.Set(reflect.NewAt(f.Type(), src).Elem())
	}
}

// env returns the environment the view at v is of, allocated, as a
// pointer (the VM takes it so).
func (k *viewKind) env(v unsafe.Pointer) any {
	e := reflect.New(k.envT)
	k.fill(e.UnsafePointer(), v, nil)
	return e.Interface()
}

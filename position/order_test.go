package position

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math/rand/v2"
	"testing"
)

// The generators' order is not part of their contract, but facts' searches
// follow the moves in the order given, and their lines (hence the facts'
// fingerprint) depend on it. The cross-checks elsewhere compare sorted lists;
// this test pins the exact sequences, so that a change meant to make the
// generators faster cannot reorder them unnoticed.

// orderFingerprint hashes, for each position visited, every generator's
// output in order and the answers of the queries built on them.
type orderFingerprint struct {
	h         hash.Hash
	positions int
	buf       [MaxMoves]Move
}

func (o *orderFingerprint) moves(tag byte, ms []Move) {
	var b [2]byte
	o.h.Write([]byte{tag, byte(len(ms))})
	for _, m := range ms {
		binary.LittleEndian.PutUint16(b[:], uint16(m))
		o.h.Write(b[:])
	}
}

func (o *orderFingerprint) flag(tag byte, v bool) {
	b := byte(0)
	if v {
		b = 1
	}
	o.h.Write([]byte{tag, b})
}

func (o *orderFingerprint) visit(p *Position) {
	o.positions++
	c := p.Side()
	o.flag('i', p.InCheck(c))
	o.flag('o', p.InCheck(c.Other()))
	legal := p.LegalMoves(nil)
	o.moves('L', legal)
	o.moves('l', p.LegalMovesFor(c.Other(), o.buf[:0]))
	o.moves('C', p.LegalCaptures(o.buf[:0]))
	o.moves('Q', p.LegalQuietChecks(o.buf[:0]))
	both, nc := p.LegalCapturesAndQuietChecks(o.buf[:0])
	o.moves('B', both)
	o.h.Write([]byte{byte(nc)})
	o.flag('h', p.HasLegalMove(c))
	o.flag('H', p.HasLegalMove(c.Other()))
	for _, m := range legal {
		o.flag('g', p.GivesCheck(m))
	}
	o.flag('n', p.GivesCheck(NullMove))
	o.h.Write([]byte{'c', byte(p.CountLegalMoves(c)), byte(p.CountLegalMoves(c.Other()))})
	for _, sq := range p.Pinned(c) {
		o.h.Write([]byte{'p', byte(sq)})
	}
	for _, sq := range p.Pieces(c.Other(), nil) {
		o.moves('x', p.LegalCapturesOf(sq, c))
		o.flag('X', p.CanCapture(sq, c))
		var buf [16]Square
		for _, a := range p.AttackersInto(buf[:0], sq, c) {
			o.h.Write([]byte{'a', byte(a)})
		}
	}
}

func TestGeneratorOrderFingerprint(t *testing.T) {
	o := &orderFingerprint{h: sha256.New()}
	visit := func(p *Position) {
		o.visit(p)
		p.Make(NullMove)
		o.visit(p)
		p.Unmake()
	}
	refRandomWalk(31, 3000, visit)
	refSetupsPlayedOn(32, 300, visit)
	rng := rand.New(rand.NewPCG(33, 0x5eed))
	for range 1000 {
		visit(nearKingSetup(rng))
	}
	got := hex.EncodeToString(o.h.Sum(nil))
	t.Logf("%d positions: %s", o.positions, got)
	const want = "eb2bff2d503f182af1f3499b1194bd8a7ea01e13ee412c6af6abf02137daa104"
	if got != want {
		t.Fatalf("the generators' order changed: fingerprint %s, want %s", got, want)
	}
}

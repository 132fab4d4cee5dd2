package standings

import (
	"reflect"
	"testing"
)

// TestSlotHoldsNoPointer: a division's slots, read on every view of
// every division, hold no pointer (a table's seating is kept apart), so
// that they stay small and the garbage collector has nothing in them to
// follow.
func TestSlotHoldsNoPointer(t *testing.T) {
	typ := reflect.TypeFor[slot]()
	for i := range typ.NumField() {
		switch f := typ.Field(i); f.Type.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.String, reflect.Interface, reflect.Chan, reflect.Func, reflect.Struct, reflect.Array:
			t.Errorf("slot.%s is a %s", f.Name, f.Type)
		}
	}
	if size := typ.Size(); size > 40 {
		t.Errorf("a slot takes %d bytes; it took 40", size)
	}
}

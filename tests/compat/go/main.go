// Decodes every case of a corpus file with the types oapi-codegen generated from the consumer view, as a Go
// app would, and writes what came out.
//
// Usage: corpus <cases.json> <results.json> [origin token]. cases.json maps a case name to {"schema",
// "input"}; the results map it to {"class", "output"} (the type the value ended up as, unions resolved
// through their discriminators, and that value encoded again) or {"error"}. With an origin and a token, the
// generated client also runs against that live mock (live.go) and its answers are added as `api-…` results
// with their raw bodies as `input`. tests/compat/test_go_oapi_codegen.py judges all of them against what
// each case expects (tests/compat/corpus/README.md). The generated package is `talkie`
// (talkie/talkie.gen.go); talkie/corpus_types.go, written by the test, maps each title to its type.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"

	"talkie-protocol.org/compat/oapicodegen/talkie"
)

type input struct {
	Schema string          `json:"schema"`
	Input  json.RawMessage `json:"input"`
}

// isUnion tells a oneOf wrapper: oapi-codegen keeps its JSON in an unexported `union` field.
func isUnion(t reflect.Type) bool {
	if t.Kind() != reflect.Struct {
		return false
	}
	field, ok := t.FieldByName("union")
	return ok && field.Type == reflect.TypeOf(json.RawMessage{})
}

// branches are a union's `As…` methods, the known ones before the `Unknown…` ones.
func branches(t reflect.Type) []reflect.Method {
	var known, unknown []reflect.Method
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		if !strings.HasPrefix(m.Name, "As") || m.Type.NumIn() != 1 || m.Type.NumOut() != 2 {
			continue
		}
		if strings.HasPrefix(m.Name, "AsUnknown") {
			unknown = append(unknown, m)
		} else {
			known = append(known, m)
		}
	}
	return append(known, unknown...)
}

// resolve turns a decoded value into plain JSON data, resolving every union on the way the way an app
// does: a union with a discriminator through ValueByDiscriminator; one without (StreamEvent, CardBlock,
// RunFinishedOutcome) by trying its known branch first and its unknown branches after. `class` is the type
// the top value resolved to.
func resolve(v reflect.Value) (any, string, error) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil, "null", nil
		}
		v = v.Elem()
	}
	t := v.Type()
	if isUnion(t) {
		if by := v.MethodByName("ValueByDiscriminator"); by.IsValid() {
			out := by.Call(nil)
			if err, _ := out[1].Interface().(error); err != nil {
				return nil, "", err
			}
			return resolve(out[0])
		}
		var last error = fmt.Errorf("%s has no branch", t.Name())
		for _, m := range branches(t) {
			out := v.Method(indexOf(t, m.Name)).Call(nil)
			if err, _ := out[1].Interface().(error); err != nil {
				last = err
				continue
			}
			data, class, err := resolve(out[0])
			if err != nil {
				last = err
				continue
			}
			return data, class, nil
		}
		return nil, "", last
	}
	switch t.Kind() {
	case reflect.Struct:
		if _, ok := v.Interface().(json.Marshaler); ok || !hasJSONFields(t) {
			data, err := plain(v.Interface())
			return data, t.Name(), err
		}
		out := map[string]any{}
		for i := 0; i < t.NumField(); i++ {
			field := t.Field(i)
			name, _, _ := strings.Cut(field.Tag.Get("json"), ",")
			if !field.IsExported() || name == "-" || name == "" {
				continue
			}
			value := v.Field(i)
			if (value.Kind() == reflect.Pointer || value.Kind() == reflect.Map || value.Kind() == reflect.Slice) &&
				value.IsNil() && strings.Contains(field.Tag.Get("json"), "omitempty") {
				continue
			}
			data, _, err := resolve(value)
			if err != nil {
				return nil, "", fmt.Errorf("%s: %w", name, err)
			}
			out[name] = data
		}
		return out, t.Name(), nil
	case reflect.Slice:
		if v.IsNil() {
			return nil, "null", nil
		}
		out := make([]any, v.Len())
		for i := range out {
			data, _, err := resolve(v.Index(i))
			if err != nil {
				return nil, "", fmt.Errorf("%d: %w", i, err)
			}
			out[i] = data
		}
		return out, t.Name(), nil
	case reflect.Map:
		if v.IsNil() {
			return nil, "null", nil
		}
		out := map[string]any{}
		for _, key := range v.MapKeys() {
			data, _, err := resolve(v.MapIndex(key))
			if err != nil {
				return nil, "", fmt.Errorf("%v: %w", key.Interface(), err)
			}
			out[fmt.Sprint(key.Interface())] = data
		}
		return out, t.Name(), nil
	default:
		data, err := plain(v.Interface())
		return data, t.Name(), err
	}
}

// resolveValue is `resolve` of any decoded value.
func resolveValue(value any) (any, string, error) {
	return resolve(reflect.ValueOf(value))
}

func indexOf(t reflect.Type, name string) int {
	m, _ := t.MethodByName(name)
	return m.Index
}

func hasJSONFields(t reflect.Type) bool {
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Tag.Get("json") != "" {
			return true
		}
	}
	return false
}

// plain is a leaf value as JSON data, numbers kept exact (json.Number).
func plain(value any) (any, error) {
	encoded, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	decoder := json.NewDecoder(bytes.NewReader(encoded))
	decoder.UseNumber()
	var out any
	return out, decoder.Decode(&out)
}

func decodeCase(c input) (result map[string]any) {
	defer func() {
		if r := recover(); r != nil {
			result = map[string]any{"error": fmt.Sprintf("panic: %v", r)}
		}
	}()
	newValue, ok := corpusTypes[c.Schema]
	if !ok {
		return map[string]any{"error": "no generated type " + c.Schema}
	}
	target := newValue()
	if err := json.Unmarshal(c.Input, target); err != nil {
		return map[string]any{"error": err.Error()}
	}
	data, class, err := resolveValue(target)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return map[string]any{"class": class, "output": data}
}

var corpusTypes = talkie.CorpusTypes

func main() {
	raw, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var cases map[string]input
	if err := json.Unmarshal(raw, &cases); err != nil {
		panic(err)
	}
	names := make([]string, 0, len(cases))
	for name := range cases {
		names = append(names, name)
	}
	sort.Strings(names)
	results := map[string]any{}
	for _, name := range names {
		results[name] = decodeCase(cases[name])
	}
	if len(os.Args) == 5 {
		if err := live(os.Args[3], os.Args[4], results); err != nil {
			fmt.Fprintln(os.Stderr, "live mock:", err)
			os.Exit(1)
		}
	}
	encoded, err := json.Marshal(results)
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile(os.Args[2], encoded, 0o644); err != nil {
		panic(err)
	}
}

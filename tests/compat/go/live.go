package main

// The live half of the corpus program: the generated client (`-generate client`) against a running mock.
// Every answer is kept twice: its raw body (the case's input, judged like a corpus case) and the value the
// generated client decoded (`JSON200`), resolved like a corpus case's.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"talkie-protocol.org/compat/oapicodegen/talkie"
)

var liveMessages = []string{"talkie-test:echo Ahoj", "talkie-test:card", "talkie-test:action", "talkie-test:error"}

// sseData are the `data` values of an SSE body, one per event.
func sseData(body []byte) []string {
	var events []string
	var data []string
	scanner := bufio.NewScanner(bytes.NewReader(body))
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	for scanner.Scan() {
		line := strings.TrimSuffix(scanner.Text(), "\r")
		if line == "" {
			if len(data) > 0 {
				events = append(events, strings.Join(data, "\n"))
			}
			data = nil
		} else if value, ok := strings.CutPrefix(line, "data:"); ok {
			data = append(data, strings.TrimPrefix(value, " "))
		}
	}
	if len(data) > 0 {
		events = append(events, strings.Join(data, "\n"))
	}
	return events
}

func live(origin, token string, results map[string]any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	bearer := talkie.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+token)
		return nil
	})
	client, err := talkie.NewClientWithResponses(origin, bearer)
	if err != nil {
		return err
	}
	typed := func(name, schema string, raw []byte, value any) {
		data, class, err := resolveValue(value)
		result := map[string]any{"schema": schema, "input": json.RawMessage(raw)}
		if err != nil {
			result["error"] = err.Error()
		} else {
			result["class"], result["output"] = class, data
		}
		results["api-"+name] = result
	}
	manifest, err := client.GetManifestWithResponse(ctx)
	if err != nil || manifest.JSON200 == nil {
		return fmt.Errorf("manifest: %v %s", err, manifest.Body)
	}
	typed("manifest", "Manifest", manifest.Body, manifest.JSON200)
	threadID := fmt.Sprintf("thr_go%d", time.Now().UnixNano())
	var action *talkie.Action
	for number, content := range liveMessages {
		body, _ := json.Marshal(map[string]any{
			"threadId": threadID, "runId": fmt.Sprintf("run_go%d_%d", number, time.Now().UnixNano()),
			"messages": []any{map[string]any{
				"id": fmt.Sprintf("msg_go%d_%d", number, time.Now().UnixNano()), "role": "user", "content": content,
			}},
			"tools": []any{}, "context": []any{}, "state": map[string]any{},
			"forwardedProps": map[string]any{"talkie": map[string]any{"channel": "chat"}},
		})
		run, err := client.StartRunWithBodyWithResponse(ctx, "application/json", bytes.NewReader(body))
		if err != nil || run.StatusCode() != http.StatusOK {
			return fmt.Errorf("run %q: %v %s", content, err, run.Body)
		}
		for index, data := range sseData(run.Body) {
			var event talkie.StreamEvent
			if err := json.Unmarshal([]byte(data), &event); err != nil {
				return err
			}
			typed(fmt.Sprintf("run%d-%02d", number+1, index+1), "StreamEvent", []byte(data), &event)
			if known, err := event.AsEvent(); err == nil {
				switch value, _ := known.ValueByDiscriminator(); e := value.(type) {
				case talkie.RunStartedEvent:
					threadID = e.ThreadId
				case talkie.TalkieCustomEvent:
					if custom, _ := e.ValueByDiscriminator(); custom != nil {
						if offered, ok := custom.(talkie.ActionEvent); ok {
							action = &offered.Value
						}
					}
				}
			}
		}
	}
	if action == nil {
		return fmt.Errorf("the action run offered no action")
	}
	decision := talkie.DecisionRequest{Decision: talkie.Confirm, Method: "button", ParamsHash: action.ParamsHash}
	decided, err := client.DecideActionWithResponse(ctx, action.Id, decision)
	if err != nil || decided.JSON200 == nil {
		return fmt.Errorf("decision: %v %s", err, decided.Body)
	}
	typed("decision", "DecisionResponse", decided.Body, decided.JSON200)
	status, err := client.GetStatusWithResponse(ctx)
	if err != nil || status.JSON200 == nil {
		return fmt.Errorf("status: %v %s", err, status.Body)
	}
	typed("status", "Status", status.Body, status.JSON200)
	threads, err := client.ListThreadsWithResponse(ctx)
	if err != nil || threads.JSON200 == nil {
		return fmt.Errorf("threads: %v %s", err, threads.Body)
	}
	typed("threads", "ThreadList", threads.Body, threads.JSON200)
	thread, err := client.GetThreadWithResponse(ctx, threadID)
	if err != nil || thread.JSON200 == nil {
		return fmt.Errorf("thread: %v %s", err, thread.Body)
	}
	typed("thread", "ThreadDetail", thread.Body, thread.JSON200)
	return nil
}

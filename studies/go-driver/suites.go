// Package godriver pins the ArangoDB Go driver's two benchmark suites, unchanged, for
// scripts/go-driver-vs-dbbench.sh: go-driver v1.6.9's test package (test/benchmarks_test.go:
// BenchmarkV1BulkInsert100KDocs, ...Read..., ...bulkUpdate..., ...Delete..., V1 over HTTP/1.1) and
// go-driver/v2 v2.4.1's tests package (v2/tests/benchmarks_test.go: BenchmarkV2..., V2 over HTTP/2),
// the code of the Go study (go-driver v2/BENCHMARKS.md). Nothing here is go-driver source: the
// script builds the packages' own test binaries from the module cache (go test -c PACKAGE).
//
// The blank imports keep both modules, and every module the two test packages import, in go.mod and
// go.sum under go mod tidy: v1's test package itself (it has non-test files) and the packages its
// _test.go files import, and the packages v2/tests imports (that package holds only _test.go files,
// so it cannot be imported). One module for both suites: minimal version selection builds V1's tests
// with the newer golang.org/x/net, x/text and x/sys that go-driver/v2 requires (V1's HTTP/1.1
// connection is the standard library's net/http either way).
package godriver

import (
	_ "github.com/arangodb/go-driver"
	_ "github.com/arangodb/go-driver/agency"
	_ "github.com/arangodb/go-driver/http"
	_ "github.com/arangodb/go-driver/jwt"
	_ "github.com/arangodb/go-driver/test"
	_ "github.com/arangodb/go-driver/util"
	_ "github.com/arangodb/go-driver/util/connection/wrappers/async"
	_ "github.com/arangodb/go-driver/v2/arangodb"
	_ "github.com/arangodb/go-driver/v2/arangodb/shared"
	_ "github.com/arangodb/go-driver/v2/connection"
	_ "github.com/arangodb/go-driver/v2/log"
	_ "github.com/arangodb/go-driver/v2/utils"
	_ "github.com/arangodb/go-driver/vst"
	_ "github.com/arangodb/go-driver/vst/protocol"
	_ "github.com/dchest/uniuri"
	_ "github.com/google/uuid"
	_ "github.com/pkg/errors"
	_ "github.com/rs/zerolog"
	_ "github.com/rs/zerolog/log"
	_ "github.com/stretchr/testify/assert"
	_ "github.com/stretchr/testify/require"
	_ "golang.org/x/exp/slices"
	_ "golang.org/x/net/http2"
	_ "golang.org/x/text/unicode/norm"
)

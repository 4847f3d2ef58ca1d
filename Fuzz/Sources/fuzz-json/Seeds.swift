import FuzzSupport

/// Small JSON documents covering every kind of value, escapes, numbers at the edges of Int64
/// and Double, nesting, and a few malformed ones; the targets add their own prefixes.
let jsonSeeds: [[UInt8]] = [
    #"{"user":{"id":31337,"name":"Blake Watters","tags":["a","b"],"manager":null,"admin":false}}"#,
    #"[1,-1,0,-0,1.5,-2.25e-3,1E400,9223372036854775807,-9223372036854775808,9223372036854775808,0.1000000000000000055511151231257827]"#,
    #"{"statuses":[{"id":1,"text":"a"},{"id":2,"text":"b\nc"}],"meta":{"count":2}}"#,
    #"{"data":{"items":[{"id":"x"},[],{},null,true]}}"#,
    #"["\u00e9\ud83d\ude00\"\\\/\b\f\n\r\t","é😀","\u0000"]"#,
    #"{"\u0000key":1,"a":{"a":{"a":[[[[]]]]}}}"#,
    #"{"id":7,"name":"Ada","score":1.5,"tags":["x"],"created":"2012-03-01T12:30:00Z","flag":true,"nested":{"id":1,"values":[1,2]},"counts":{"a":1}}"#,
    "  true  ", "null", "\"\\ud800\"", "[1,]", "{\"a\" 1}", "[\"unterminated", "\u{FEFF}[]", "[1e5, 2E-5, 0.0]",
].map { Array($0.utf8) }

/// `jsonSeeds` behind chunk-size headers (for the chunked targets).
func chunkedSeeds() -> [[UInt8]] {
    [[1], [3], [7, 2], [64], [256], [1, 5, 2]].flatMap { sizes in jsonSeeds.map { FuzzInput.chunkHeader(sizes) + $0 } }
}

import Testing

@testable import RestKitForms

@Suite("Huge page advice for large buffers")
struct HugePagesTests {
    private static let page = UInt(HugePages.size)

    @Test("only whole 2 MiB pages inside the buffer are advised")
    func alignedRangeStaysInsideTheBuffer() throws {
        let cases: [(base: UInt, count: Int)] = [
            (0x7f00_0000_0010, 64 << 20), (0x7f00_0020_0000, 64 << 20), (0x7f00_0000_0001, (4 << 20) + 1),
            (0x7f00_001f_ffff, 5 << 20), (0x7f00_0000_0000, 4 << 20), (0x1000, 9 << 20 + 123),
        ]
        for (base, count) in cases {
            let range = try #require(HugePages.alignedRange(base: base, count: count), "\(base) \(count)")
            #expect(range.lowerBound >= base && range.upperBound <= base + UInt(count), "\(base) \(count)")
            #expect(range.lowerBound % Self.page == 0 && range.upperBound % Self.page == 0)
            // Nothing inside the buffer that could hold one more whole page is left out.
            #expect(range.lowerBound - base < Self.page && base + UInt(count) - range.upperBound < Self.page)
        }
    }

    @Test("small buffers, buffers holding no whole page and overflowing ranges are left alone")
    func noAdviceWhereNoneFits() {
        #expect(HugePages.alignedRange(base: 0x7f00_0000_0000, count: (4 << 20) - 1) == nil)
        #expect(HugePages.alignedRange(base: 0x7f00_0000_0000, count: 0) == nil)
        #expect(HugePages.alignedRange(base: UInt.max - (1 << 20), count: 64 << 20) == nil)
        #expect(HugePages.alignedRange(base: UInt.max - 100, count: 8 << 20) == nil)
    }

    @Test("a large body read into one array is intact, whatever its segments", arguments: [(4 << 20) + 17, 9 << 20])
    func largeReadAllIsIntact(size: Int) throws {
        var data = [UInt8](repeating: 0, count: size)
        for index in data.indices { data[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 11) }
        var form = MultipartForm(boundary: "huge-page-test-boundary")
        form.append(field: "before", value: "x")
        form.append(name: "blob", data: data, filename: "blob.bin")
        form.append(field: "after", value: "y")
        let body = try form.makeBody()
        let whole = try body.makeReader().readAll()
        #expect(whole.count == body.length.value)
        // The same bytes through a small buffer (no advice: never 4 MiB).
        var streamed: [UInt8] = []
        let reader = body.makeReader()
        var buffer = [UInt8](repeating: 0, count: 65_537)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { break }
            streamed += buffer[..<count]
        }
        #expect(whole == streamed)
        // The blob's bytes follow the first blank line after its Content-Disposition, which is
        // in the first kilobyte.
        let head = Array(whole.prefix(1024))
        let marker = Array("filename=\"blob.bin\"".utf8)
        let named = try #require(head.indices.first { head[$0...].starts(with: marker) })
        let blank = try #require((named..<head.count).first { head[$0...].starts(with: [13, 10, 13, 10]) })
        #expect(whole[(blank + 4)..<(blank + 4 + data.count)] == data[...])
    }
}

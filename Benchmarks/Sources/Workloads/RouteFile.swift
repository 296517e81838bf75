#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A route file in the `METHOD /path/:param` format of `Benchmarks/Routes`, read where it lies.
public enum RouteFile {
    public struct Error: Swift.Error, CustomStringConvertible {
        public let path: String
        public let message: String
        public var description: String { "\(path): \(message)" }
    }

    /// The unique paths of the file, in first-seen order: a URL router has no HTTP method.
    public static func patterns(inFileContents contents: String) -> [String] {
        var seen = Set<String>()
        var patterns: [String] = []
        for line in contents.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let path = fields.last, path.first == "/" else { continue }
            if seen.insert(String(path)).inserted { patterns.append(String(path)) }
        }
        return patterns
    }

    /// The workload of the file at `path`: its unique paths, each looked up once in file order.
    /// `displayedAs` is how results name the file (a path that holds on other machines).
    public static func workload(atPath path: String, displayedAs shownPath: String? = nil) throws(Error) -> Workload {
        let contents = try read(path)
        let routes = patterns(inFileContents: contents)
        guard !routes.isEmpty else { throw Error(path: path, message: "no `METHOD /path` line") }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return Workload(name: name, origin: "route file `\(shownPath ?? path)`", routes: routes,
                        requests: RequestGeneration.requests(forPatterns: routes))
    }

    static func read(_ path: String) throws(Error) -> String {
        guard let file = fopen(path, "r") else { throw Error(path: path, message: "cannot open") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

import Foundation
import URLRouter

extension LaunchTable {
    /// The launch table's floor: each of its typed route types decoded once with `JSONDecoder`
    /// from a minimal JSON object, no router. Run first in a fresh process, it pays what the
    /// runtime pays to meet each type and its `Codable` conformance, which an app pays anyway
    /// at each type's first use; the table's first build beyond it is the router's own.
    ///
    /// - Returns: the values decoded (``typedRouteCount``).
    public static func decodeEachTypeOnce() throws -> Int {
        let decoder = JSONDecoder()
        let object = Data(#"{"id":1}"#.utf8)
        func decode<Route: TypedRoute>(_ type: Route.Type) throws -> Route { try decoder.decode(type, from: object) }
        var decoded = 0
        for type in typedRouteTypes {
            _ = try decode(type)
            decoded += 1
        }
        return decoded
    }
}

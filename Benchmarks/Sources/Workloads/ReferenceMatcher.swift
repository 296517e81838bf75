/// The matching rule every contender agrees on for plain path tables: same number of segments,
/// literals equal, `:name` takes any non-empty segment. Used to check generated requests, never timed.
enum ReferenceMatcher {
    static func matches(_ pattern: String, _ segments: [String]) -> Bool {
        let parts = pattern.split(separator: "/")
        guard parts.count == segments.count else { return false }
        return zip(parts, segments).allSatisfy { part, segment in
            part.first == ":" ? !segment.isEmpty : part == segment
        }
    }
}

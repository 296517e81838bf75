import BookDetailInterface
import BookshelfInterface
import URLRouter
import UserProfileInterface

/// The round-trip self check: for every route type of the app, many generated values,
/// each written with `url()` and read back with `init(parsing:)`, must come back equal.
enum RoundTrip {
    /// Every route type the interfaces declare.
    static let types: [any Sampled.Type] = [
        ShelfRoute.self, SearchRoute.self, CollectionRoute.self, ShelfPickerRoute.self, ContinueReadingRoute.self,
        DiscoverRoute.self, DiscoverPickRoute.self,
        BookRoute.self, BookScreenRoute.self, BookSlugRoute.self, BookShareRoute.self, BookReaderRoute.self,
        UserRoute.self, UserSettingsRoute.self,
        LoginRoute.self, LoginDoneRoute.self, OrdersRoute.self,
    ]

    /// What a check found.
    struct Outcome {
        /// How many values were written and read back.
        var checked = 0
        /// The different URLs they were written as (a type with few values repeats them).
        var distinctURLs: Set<String> = []
        /// One line per value that did not come back equal, or could not be written or read.
        var problems: [String] = []
    }

    /// Checks `count` values of each type in ``types``.
    static func check(valuesPerType count: Int) -> Outcome {
        var samples = Samples(seed: 2024)
        var outcome = Outcome()
        for type in types {
            check(type, count: count, samples: &samples, into: &outcome)
        }
        return outcome
    }

    private static func check<R: Sampled>(_ type: R.Type, count: Int, samples: inout Samples, into outcome: inout Outcome) {
        for _ in 0..<count {
            let value = R.sample(&samples)
            outcome.checked += 1
            do {
                let url = try value.url()
                outcome.distinctURLs.insert(url)
                let parsed = try R(parsing: url)
                if parsed != value { outcome.problems.append("\(value) → \(url) → \(parsed)") }
            } catch {
                outcome.problems.append("\(value): \(error)")
            }
        }
    }
}

/// A route type the round-trip check can make values of.
protocol Sampled: TypedRoute {
    /// A value made from the next choices of `samples`.
    static func sample(_ samples: inout Samples) -> Self
}

/// A small deterministic generator (SplitMix64 from a fixed seed): every run checks the same
/// values, so a failure can be reproduced.
struct Samples {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var bits = state
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return bits ^ (bits >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// `true` or `false`.
    mutating func bool() -> Bool {
        next() & 1 == 1
    }

    /// An integer: mostly small, some negative, some at the ends of `Int`.
    mutating func int() -> Int {
        switch below(8) {
        case 0: pick([Int.min, Int.max, 0, -1])
        case 1: -below(1_000_000)
        default: below(100_000)
        }
    }

    /// What texts are made of: the characters URLs escape or give a meaning to (space, `+`,
    /// `&`, `=`, `%`, `#`, `?`, `/`, `;`), a percent escape written out, dots, and Unicode
    /// (CJK, an `e` with a combining accent, a precomposed `é`, an emoji).
    static let pieces = [
        "a", "Z9", " ", "+", "&", "=", "%", "%20", "#", "?", "/", ";", ",", "@", ":", "'", "\"",
        ".", "..", "-_~", "家居", "e\u{301}", "é", "📚",
    ]
    /// The pieces a path segment holds: no `/`. The router writes it `%2F` and reads it back,
    /// but URL handling outside the app may decode that into a separator.
    static let segmentPieces = pieces.filter { $0 != "/" }

    /// A query item's text: 0 to 4 pieces, so empty now and then.
    mutating func text() -> String {
        (0..<below(5)).map { _ in pick(Self.pieces) }.joined()
    }

    /// A path segment's text: 1 to 4 pieces, never empty (a URL has no empty segment) and
    /// never `.` or `..` (the router keeps them, but resolving a URL's path removes them).
    mutating func segment() -> String {
        let text = (0...below(4)).map { _ in pick(Self.segmentPieces) }.joined()
        return text == "." || text == ".." ? text + "a" : text
    }

    /// A catch-all's text: 1 to 3 segments joined by `/`, so it neither starts nor ends with
    /// `/` and has no empty, `.` or `..` segment.
    mutating func path() -> String {
        (0...below(3)).map { _ in segment() }.joined(separator: "/")
    }

    /// `nil` half the time, else a value.
    mutating func optional<T>(_ make: (inout Samples) -> T) -> T? {
        bool() ? make(&self) : nil
    }

    /// 0 to 3 values.
    mutating func list<T>(_ make: (inout Samples) -> T) -> [T] {
        (0..<below(4)).map { _ in make(&self) }
    }
}

extension ShelfRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { ShelfRoute(sort: samples.pick(ShelfOrder.allCases)) }
}

extension SearchRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self {
        SearchRoute(query: samples.segment(), languages: samples.list { $0.text() })
    }
}

extension CollectionRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { CollectionRoute(path: samples.path()) }
}

extension ShelfPickerRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { ShelfPickerRoute(cancel: samples.optional { $0.bool() }) }
}

extension ContinueReadingRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { ContinueReadingRoute() }
}

extension BookRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self {
        BookRoute(id: samples.int(), from: samples.optional { $0.text() })
    }
}

extension DiscoverRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { DiscoverRoute() }
}

extension DiscoverPickRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { DiscoverPickRoute(n: samples.int()) }
}

extension BookShareRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { BookShareRoute(id: samples.int()) }
}

extension BookReaderRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { BookReaderRoute(id: samples.int()) }
}

extension BookScreenRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { BookScreenRoute(id: samples.int()) }
}

extension BookSlugRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { BookSlugRoute(slug: samples.segment()) }
}

extension UserRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { UserRoute(id: samples.int()) }
}

extension UserSettingsRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self {
        UserSettingsRoute(id: samples.int(), section: samples.optional { $0.text() })
    }
}

extension LoginRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { LoginRoute() }
}

extension LoginDoneRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { LoginDoneRoute(reader: samples.segment()) }
}

extension OrdersRoute: Sampled {
    static func sample(_ samples: inout Samples) -> Self { OrdersRoute() }
}

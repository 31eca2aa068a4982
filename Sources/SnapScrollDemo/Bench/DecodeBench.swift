import Glibc
@_spi(Testing) import SnapGtk

/// The decode benchmark (`bench/decode.py --pool`): `SNAPSCROLL_BENCH_DECODE` holds "ROUNDS WIDTH HEIGHT" on its
/// first line and one image file a line after it. Each round, for each file: a cold decode through the loader pool
/// (every loader ended first, so one is started), a warm one (the loader kept), and the same decode in this process
/// with the loader's own GdkPixbuf code, the order of warm and in-process swapped every other round. Prints one JSON
/// line of every time in milliseconds; no window is opened.
enum DecodeBench {
    static func run(_ spec: String) -> Int32 {
        let lines = spec.split(separator: "\n").map(String.init)
        let numbers = lines.first?.split(separator: " ").compactMap { Int($0) } ?? []
        guard numbers.count == 3, lines.count > 1 else {
            writeLine("SNAPSCROLL_BENCH_DECODE: \"ROUNDS WIDTH HEIGHT\" then one file a line", to: STDERR_FILENO)
            return 2
        }
        let (rounds, fitting) = (numbers[0], (width: numbers[1], height: numbers[2]))
        let files = Array(lines.dropFirst())
        var cold = files.map { _ in [Double]() }, warm = cold, inProcess = cold
        // The in-process decoders loaded once (dlopen of GdkPixbuf's modules), as the loader does before its sandbox.
        for file in files { _ = DecodeTiming.inProcess(path: file, fitting: fitting) }
        for round in 0..<rounds {
            for (i, file) in files.enumerated() {
                DecodeTiming.endIdleLoaders()
                guard let first = DecodeTiming.pooled(path: file, fitting: fitting) else {
                    writeLine("cannot decode \(file) through the pool", to: STDERR_FILENO)
                    return 1
                }
                cold[i].append(first)
                let pair: [() -> Void] = [
                    { warm[i].append(DecodeTiming.pooled(path: file, fitting: fitting) ?? .nan) },
                    { inProcess[i].append(DecodeTiming.inProcess(path: file, fitting: fitting) ?? .nan) },
                ]
                for step in round % 2 == 0 ? pair : pair.reversed() { step() }
            }
        }
        DecodeTiming.endIdleLoaders()
        func list(_ values: [Double]) -> String { "[" + values.map { "\(($0 * 100).rounded() / 100)" }.joined(separator: ",") + "]" }
        let rows = files.indices.map { i in
            "{\"file\":\"\(files[i].split(separator: "/").last ?? "")\",\"pool_cold_ms\":\(list(cold[i])),"
                + "\"pool_warm_ms\":\(list(warm[i])),\"in_process_ms\":\(list(inProcess[i]))}"
        }
        print("{\"bench\":\"decode\",\"rounds\":\(rounds),\"fitting\":[\(fitting.width),\(fitting.height)],\"rows\":["
              + rows.joined(separator: ",") + "]}")
        return 0
    }
}

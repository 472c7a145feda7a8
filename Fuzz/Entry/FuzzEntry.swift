// The entry points of `treeindex-fuzz`.
//
// Built with `-DFUZZING -sanitize=fuzzer,address` (see Fuzz/README.md),
// `main` hands libFuzzer's driver the checks to run on each input; a failed
// check aborts, so that libFuzzer keeps the input as a crash. Built normally, the executable
// replays inputs: the files and folders it is given (the committed corpus
// by default), then, with `--random N`, N random inputs.

import Foundation
import TreeIndexFuzzing

#if FUZZING
/// libFuzzer's driver, called from `main`: SwiftPM gives an executable's
/// entry point its own name, so libFuzzer's `main` is not the one that runs.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
struct FuzzDriver {
  static func main() {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = llvmFuzzerRunDriver(&argc, &argv) { data, size in
      let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
      if let failure = FuzzCase.run(bytes) {
        FileHandle.standardError.write(Data("treeindex-fuzz: \(failure)\n".utf8))
        abort()
      }
      return 0
    }
    exit(status)
  }
}
#else
@main
struct FuzzReplay {
  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var randomRuns = 0
    if let flag = arguments.firstIndex(of: "--random"), flag + 1 < arguments.count {
      randomRuns = Int(arguments[flag + 1]) ?? 0
      arguments.removeSubrange(flag...(flag + 1))
    }
    let paths = arguments.isEmpty && randomRuns == 0 ? ["Fuzz/Corpus"] : arguments
    var failures = 0
    var runs = 0
    func run(_ bytes: [UInt8], named name: String) {
      runs += 1
      if let failure = FuzzCase.run(bytes) {
        failures += 1
        print("FAIL \(name): \(failure)")
      }
    }
    for path in paths {
      for file in FuzzCorpus.files(at: path) {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        run(Array(data), named: file)
      }
    }
    var generator = SystemRandomNumberGenerator()
    for k in 0..<randomRuns {
      let bytes = (0..<Int.random(in: 1...400, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
      run(bytes, named: "random input \(k) (\(bytes.map { String($0) }.joined(separator: ",")))")
    }
    print("treeindex-fuzz: \(runs) inputs, \(failures) failed")
    exit(failures == 0 ? 0 : 1)
  }
}
#endif

// SnapScroll's image loader: the library's pool starts it with its end of a socket on standard input, and it decodes
// one image file at a time inside a sandbox, each within a budget (see SnapDecode's Loader).
import SnapDecode
import Glibc

exit(Loader.main(CommandLine.arguments))

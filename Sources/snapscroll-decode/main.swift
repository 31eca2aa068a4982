// SnapScroll's image decoder: the library starts it for every image file, with the file open on standard input, and
// reads the pixels from standard output. It limits its own processor time and memory before reading a byte, so a
// hostile file costs at most that budget (see SnapGtk's DecoderProcess).
@_spi(DecoderHelper) import SnapGtk
import Glibc

exit(ImageDecoderHelper.main(CommandLine.arguments))

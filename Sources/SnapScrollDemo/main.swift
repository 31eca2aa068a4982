import SnapGtk

! Another module renames them, and a third name is computed from the renamed ones.
module layout
  use sizes, only: rows => n, cols => m
  implicit none
  integer, parameter :: total = rows * cols
end module layout

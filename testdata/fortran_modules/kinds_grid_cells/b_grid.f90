! A grid with halos, and a record of a particle, in the kinds of module kinds.
module grid
  use kinds
  implicit none
  integer, parameter :: nx = 12, ny = 8, halo = 2
  integer, parameter :: ldx = nx + 2*halo, ldy = ny + 2*halo
  type :: cell
    sequence
    real(dp) :: pos(3)
    integer :: id
    real(sp) :: mass
  end type cell
  real(dp) :: field(ldx, ldy)
end module grid

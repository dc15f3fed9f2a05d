! Kinds from selected_real_kind / selected_int_kind, and the matching MPI f90 types.
module kinds
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 307)
  integer, parameter :: i8 = selected_int_kind(18)
end module kinds

program f90types
  use mpi
  use kinds
  implicit none
  real(kind=dp) :: field(10, 20)
  integer(i8) :: counts(5)
  integer :: rtype, itype, slab, ierr, nb
  call MPI_Init(ierr)
  call MPI_Type_create_f90_real(15, 307, rtype, ierr)
  call MPI_Type_create_f90_integer(18, itype, ierr)
  nb = size(field, 1)
  call MPI_Type_vector(size(field, 2), 2, nb, rtype, slab, ierr)
  counts = 0
  call MPI_Finalize(ierr)
end program f90types

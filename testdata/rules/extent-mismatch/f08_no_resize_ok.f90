! extent-mismatch, corrected twin of f08_no_resize.f90, as mpi-dtype-lint --unsafe-fixes
! writes it: resized to the distance between the addresses of elements 1 and 2.
program f08_no_resize
  use mpi_f08
  use, intrinsic :: iso_c_binding, only: c_double
  implicit none
  type, bind(c) :: particle
     real(c_double) :: pos(3)
     real(c_double) :: vel(2)
  end type particle
  integer, parameter :: np = 16
  type(particle) :: parts(np)
  type(MPI_Datatype) :: ptype
  integer :: rank, i
  integer(kind=MPI_ADDRESS_KIND) :: ptype_a1, ptype_a2
  type(MPI_Datatype) :: ptype_resized

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  do i = 1, np
     parts(i)%pos = real(i, c_double)
     parts(i)%vel = 0.0d0
  end do
  call MPI_Type_contiguous(3, MPI_DOUBLE_PRECISION, ptype)
  call MPI_Get_address(parts(1), ptype_a1)
  call MPI_Get_address(parts(2), ptype_a2)
  call MPI_Type_create_resized(ptype, 0_MPI_ADDRESS_KIND, ptype_a2 - ptype_a1, ptype_resized)
  call MPI_Type_free(ptype)
  ptype = ptype_resized
  call MPI_Type_commit(ptype)
  call MPI_Bcast(parts, np, ptype, 0, MPI_COMM_WORLD)
  print *, rank, parts(np)%pos(1)
  call MPI_Type_free(ptype)
  call MPI_Finalize()
end program f08_no_resize

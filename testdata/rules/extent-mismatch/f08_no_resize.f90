! extent-mismatch, mpi_f08: a bind(c) particle type whose MPI type covers
! the position only (24 bytes), sent as an array of 40-byte particles.
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

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  do i = 1, np
     parts(i)%pos = real(i, c_double)
     parts(i)%vel = 0.0d0
  end do
  call MPI_Type_contiguous(3, MPI_DOUBLE_PRECISION, ptype)
  call MPI_Type_commit(ptype)
  call MPI_Bcast(parts, np, ptype, 0, MPI_COMM_WORLD) ! expect: extent-mismatch
  print *, rank, parts(np)%pos(1)
  call MPI_Type_free(ptype)
  call MPI_Finalize()
end program f08_no_resize

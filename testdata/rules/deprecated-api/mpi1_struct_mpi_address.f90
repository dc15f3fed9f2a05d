! deprecated-api: an MPI-1 struct type for a SEQUENCE derived type, its
! displacements from MPI_ADDRESS into default INTEGERs (removed in MPI-3.0;
! truncated addresses on 64-bit targets).  The fix renames MPI_ADDRESS and
! MPI_TYPE_STRUCT and redeclares `disps` and `base` with
! INTEGER(KIND=MPI_ADDRESS_KIND): they are only assigned, subtracted and
! passed as addresses and displacements.
program mpi1_struct_address
  use mpi
  implicit none
  type particle
    sequence
    real(kind=8) :: pos(3)
    integer :: id
  end type particle
  type(particle) :: p, q
  integer :: blocklens(2), types(2), disps(2), base, ptype, rank, ierr, i
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  p%pos = (/ 1.0d0, 2.0d0, 3.0d0 /)
  p%id = rank

  call MPI_ADDRESS(p, base, ierr) ! expect: deprecated-api
  call MPI_ADDRESS(p%pos, disps(1), ierr) ! expect: deprecated-api
  call MPI_ADDRESS(p%id, disps(2), ierr) ! expect: deprecated-api
  do i = 1, 2
    disps(i) = disps(i) - base
  end do
  blocklens = (/ 3, 1 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_INTEGER /)
  call MPI_TYPE_STRUCT(2, blocklens, disps, types, ptype, ierr) ! expect: deprecated-api
  call MPI_TYPE_COMMIT(ptype, ierr)

  call MPI_SENDRECV(p, 1, ptype, rank, 0, q, 1, ptype, rank, 0, MPI_COMM_WORLD, status, ierr)
  print *, rank, q%id, q%pos(3)

  call MPI_TYPE_FREE(ptype, ierr)
  call MPI_FINALIZE(ierr)
end program mpi1_struct_address

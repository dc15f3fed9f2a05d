! deprecated-api, corrected twin of mpi1_struct_mpi_address.f90 as the fixes
! write it: MPI_GET_ADDRESS and MPI_TYPE_CREATE_STRUCT, `disps` and `base`
! declared INTEGER(KIND=MPI_ADDRESS_KIND).
program mpi1_struct_address_ok
  use mpi
  implicit none
  type particle
    sequence
    real(kind=8) :: pos(3)
    integer :: id
  end type particle
  type(particle) :: p, q
  integer :: blocklens(2), types(2), ptype, rank, ierr, i
  integer(kind=MPI_ADDRESS_KIND) :: disps(2)
  integer(kind=MPI_ADDRESS_KIND) :: base
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  p%pos = (/ 1.0d0, 2.0d0, 3.0d0 /)
  p%id = rank

  call MPI_GET_ADDRESS(p, base, ierr)
  call MPI_GET_ADDRESS(p%pos, disps(1), ierr)
  call MPI_GET_ADDRESS(p%id, disps(2), ierr)
  do i = 1, 2
    disps(i) = disps(i) - base
  end do
  blocklens = (/ 3, 1 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_INTEGER /)
  call MPI_TYPE_CREATE_STRUCT(2, blocklens, disps, types, ptype, ierr)
  call MPI_TYPE_COMMIT(ptype, ierr)

  call MPI_SENDRECV(p, 1, ptype, rank, 0, q, 1, ptype, rank, 0, MPI_COMM_WORLD, status, ierr)
  print *, rank, q%id, q%pos(3)

  call MPI_TYPE_FREE(ptype, ierr)
  call MPI_FINALIZE(ierr)
end program mpi1_struct_address_ok

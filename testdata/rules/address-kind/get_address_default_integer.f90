! address-kind: MPI_GET_ADDRESS into default INTEGER variables (migrated from
! MPI_ADDRESS by renaming the call only).  MPI stores an 8-byte address into
! a 4-byte integer: the neighbouring variable is overwritten, and addresses
! above 2 GiB are truncated.  The record is then broadcast from MPI_BOTTOM
! with the absolute addresses as displacements.
program get_address_default_integer
  implicit none
  include 'mpif.h'
  integer, parameter :: n = 10
  double precision :: temp(n)
  integer :: flags(n)
  integer :: rectype, rank, ierr, i
  integer :: blocklens(2), types(2)
  integer :: a_temp, a_flags
  integer(kind=MPI_ADDRESS_KIND) :: disps(2)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
     do i = 1, n
        temp(i) = 300.0d0 + i
        flags(i) = mod(i, 2)
     end do
  end if

  call MPI_GET_ADDRESS(temp, a_temp, ierr) ! expect: address-kind
  call MPI_GET_ADDRESS(flags, a_flags, ierr) ! expect: address-kind
  disps(1) = a_temp
  disps(2) = a_flags
  blocklens = (/ n, n /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_INTEGER /)
  call MPI_TYPE_CREATE_STRUCT(2, blocklens, disps, types, rectype, ierr)
  call MPI_TYPE_COMMIT(rectype, ierr)

  call MPI_BCAST(MPI_BOTTOM, 1, rectype, 0, MPI_COMM_WORLD, ierr)
  print *, rank, temp(n), flags(n)

  call MPI_TYPE_FREE(rectype, ierr)
  call MPI_FINALIZE(ierr)
end program get_address_default_integer

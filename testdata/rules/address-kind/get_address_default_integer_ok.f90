! address-kind, corrected twin of get_address_default_integer.f90: the
! address variables are INTEGER(KIND=MPI_ADDRESS_KIND).
program get_address_default_integer_ok
  implicit none
  include 'mpif.h'
  integer, parameter :: n = 10
  double precision :: temp(n)
  integer :: flags(n)
  integer :: rectype, rank, ierr, i
  integer :: blocklens(2), types(2)
  integer(kind=MPI_ADDRESS_KIND) :: a_temp, a_flags
  integer(kind=MPI_ADDRESS_KIND) :: disps(2)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
     do i = 1, n
        temp(i) = 300.0d0 + i
        flags(i) = mod(i, 2)
     end do
  end if

  call MPI_GET_ADDRESS(temp, a_temp, ierr)
  call MPI_GET_ADDRESS(flags, a_flags, ierr)
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
end program get_address_default_integer_ok

! field-type-mismatch, not a finding: a SEQUENCE type with a
! CHARACTER(LEN=12) component described as 12 MPI_CHARACTER. One
! MPI_CHARACTER matches one character of the component (MPI-4.1 3.3.1),
! not the whole string.
program character_component_ok
  use mpi
  implicit none
  type station
     sequence
     integer :: id
     character(len=12) :: name
  end type station
  integer, parameter :: nst = 20
  type(station) :: st(nst)
  integer :: tmp, sttype, rank, ierr, i
  integer :: blocklens(2), types(2)
  integer(kind=MPI_ADDRESS_KIND) :: disps(2), a1, a2

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, nst
     st(i)%id = i
     write (st(i)%name, '(a, i3.3)') 'station_', i
  end do

  call MPI_GET_ADDRESS(st(1)%id, a1, ierr)
  call MPI_GET_ADDRESS(st(1)%name, disps(2), ierr)
  call MPI_GET_ADDRESS(st(2)%id, a2, ierr)
  disps(1) = 0
  disps(2) = disps(2) - a1
  blocklens = (/ 1, 12 /)
  types = (/ MPI_INTEGER, MPI_CHARACTER /)
  call MPI_TYPE_CREATE_STRUCT(2, blocklens, disps, types, tmp, ierr)
  call MPI_TYPE_CREATE_RESIZED(tmp, 0_MPI_ADDRESS_KIND, a2 - a1, sttype, ierr)
  call MPI_TYPE_FREE(tmp, ierr)
  call MPI_TYPE_COMMIT(sttype, ierr)

  call MPI_BCAST(st, nst, sttype, 0, MPI_COMM_WORLD, ierr)
  print *, rank, st(nst)%id, ' ', st(nst)%name

  call MPI_TYPE_FREE(sttype, ierr)
  call MPI_FINALIZE(ierr)
end program character_component_ok

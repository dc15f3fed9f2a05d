! displacement-mismatch: Fortran snapshot records (bind(c) derived types, C
! layout).  The displacements were hard-coded as sums of component sizes
! (8 for the double, 4 for the integer), which misses the 4 bytes of tail
! padding of the nested header: the counters are at byte 16, not 12.
program nested_type_hardcoded_disp
  use mpi
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  implicit none
  type, bind(c) :: header
     real(c_double) :: time
     integer(c_int) :: step
  end type header
  type, bind(c) :: snapshot
     type(header)   :: h
     integer(c_int) :: nlocal
     integer(c_int) :: nghost
  end type snapshot
  integer, parameter :: nsnap = 40
  integer(kind=MPI_ADDRESS_KIND), parameter :: szd = 8, szi = 4
  type(snapshot) :: hist(nsnap)
  integer :: tmp, snaptype, rank, ierr, i
  integer :: blocklens(3), types(3)
  integer(kind=MPI_ADDRESS_KIND) :: disps(3), a1, a2

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, nsnap
     hist(i)%h%time = 0.5d0 * i
     hist(i)%h%step = i
     hist(i)%nlocal = 100 * i
     hist(i)%nghost = 8
  end do

  blocklens = (/ 1, 1, 2 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_INTEGER, MPI_INTEGER /)
  disps(1) = 0
  disps(2) = szd
  disps(3) = szd + szi
  call MPI_GET_ADDRESS(hist(1)%h%time, a1, ierr)
  call MPI_GET_ADDRESS(hist(2)%h%time, a2, ierr)
  call MPI_TYPE_CREATE_STRUCT(3, blocklens, disps, types, tmp, ierr)
  call MPI_TYPE_CREATE_RESIZED(tmp, 0_MPI_ADDRESS_KIND, a2 - a1, snaptype, ierr)
  call MPI_TYPE_FREE(tmp, ierr)
  call MPI_TYPE_COMMIT(snaptype, ierr)

  call MPI_BCAST(hist, nsnap, snaptype, 0, MPI_COMM_WORLD, ierr) ! expect: displacement-mismatch
  print *, rank, hist(nsnap)%nlocal

  call MPI_TYPE_FREE(snaptype, ierr)
  call MPI_FINALIZE(ierr)
end program nested_type_hardcoded_disp

! field-type-mismatch, corrected twin of real_on_double_component.f90: the
! real(c_double) components are described as MPI_DOUBLE_PRECISION.
program real_on_double_component_ok
  use mpi
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  implicit none
  type, bind(c) :: tracer
     integer(c_int) :: id
     integer(c_int) :: owner
     real(c_double) :: pos(3)
  end type tracer
  integer, parameter :: ntr = 100
  type(tracer) :: tr(ntr)
  integer :: tmp, trtype, rank, ierr, i
  integer :: blocklens(2), types(2)
  integer(kind=MPI_ADDRESS_KIND) :: disps(2), a1, a2

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do i = 1, ntr
     tr(i)%id = i
     tr(i)%owner = 0
     tr(i)%pos = dble(i)
  end do

  call MPI_GET_ADDRESS(tr(1)%id, a1, ierr)
  call MPI_GET_ADDRESS(tr(1)%pos(1), disps(2), ierr)
  call MPI_GET_ADDRESS(tr(2)%id, a2, ierr)
  disps(1) = 0
  disps(2) = disps(2) - a1
  blocklens = (/ 2, 3 /)
  types = (/ MPI_INTEGER, MPI_DOUBLE_PRECISION /)
  call MPI_TYPE_CREATE_STRUCT(2, blocklens, disps, types, tmp, ierr)
  call MPI_TYPE_CREATE_RESIZED(tmp, 0_MPI_ADDRESS_KIND, a2 - a1, trtype, ierr)
  call MPI_TYPE_FREE(tmp, ierr)
  call MPI_TYPE_COMMIT(trtype, ierr)

  call MPI_BCAST(tr, ntr, trtype, 0, MPI_COMM_WORLD, ierr)
  print *, rank, tr(ntr)%pos(3)

  call MPI_TYPE_FREE(trtype, ierr)
  call MPI_FINALIZE(ierr)
end program real_on_double_component_ok

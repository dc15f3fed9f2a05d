! deprecated-api: MPI-2.2 Example 4.13 (send a section of a 3-D array) as the
! standard wrote it, with MPI_TYPE_EXTENT and MPI_TYPE_HVECTOR (removed in
! MPI-3.0).  mpif.h, default INTEGER stride as the MPI-1 interface takes.
program mpi1_section3d
  implicit none
  include 'mpif.h'
  real :: a(100, 100, 100), e(9, 9, 9)
  integer :: oneslice, twoslice, threeslice, sizeofreal, myrank, ierr
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)
  a = 1.0

  ! extract the section a(1:17:2, 3:11, 2:10) and store it in e(:,:,:)
  call MPI_TYPE_EXTENT(MPI_REAL, sizeofreal, ierr) ! expect: deprecated-api
  ! datatype for a 1-D section
  call MPI_TYPE_VECTOR(9, 1, 2, MPI_REAL, oneslice, ierr)
  ! datatype for a 2-D section
  call MPI_TYPE_HVECTOR(9, 1, 100*sizeofreal, oneslice, twoslice, ierr) ! expect: deprecated-api
  ! datatype for the entire section
  call MPI_TYPE_HVECTOR(9, 1, 100*100*sizeofreal, twoslice, threeslice, ierr) ! expect: deprecated-api
  call MPI_TYPE_COMMIT(threeslice, ierr)

  call MPI_SENDRECV(a(1, 3, 2), 1, threeslice, myrank, 0, e, 9*9*9, MPI_REAL, myrank, 0, MPI_COMM_WORLD, status, ierr)
  print *, myrank, e(9, 9, 9)

  call MPI_TYPE_FREE(threeslice, ierr)
  call MPI_TYPE_FREE(twoslice, ierr)
  call MPI_TYPE_FREE(oneslice, ierr)
  call MPI_FINALIZE(ierr)
end program mpi1_section3d

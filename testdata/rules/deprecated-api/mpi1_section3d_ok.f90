! deprecated-api, corrected twin of mpi1_section3d.f90: MPI_TYPE_GET_EXTENT
! and MPI_TYPE_CREATE_HVECTOR, with INTEGER(KIND=MPI_ADDRESS_KIND) extent
! and strides.
program mpi1_section3d_ok
  use mpi
  implicit none
  real :: a(100, 100, 100), e(9, 9, 9)
  integer :: oneslice, twoslice, threeslice, myrank, ierr
  integer(kind=MPI_ADDRESS_KIND) :: lb, sizeofreal
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)
  a = 1.0

  ! extract the section a(1:17:2, 3:11, 2:10) and store it in e(:,:,:)
  call MPI_TYPE_GET_EXTENT(MPI_REAL, lb, sizeofreal, ierr)
  ! datatype for a 1-D section
  call MPI_TYPE_VECTOR(9, 1, 2, MPI_REAL, oneslice, ierr)
  ! datatype for a 2-D section
  call MPI_TYPE_CREATE_HVECTOR(9, 1, 100*sizeofreal, oneslice, twoslice, ierr)
  ! datatype for the entire section
  call MPI_TYPE_CREATE_HVECTOR(9, 1, 100*100*sizeofreal, twoslice, threeslice, ierr)
  call MPI_TYPE_COMMIT(threeslice, ierr)

  call MPI_SENDRECV(a(1, 3, 2), 1, threeslice, myrank, 0, e, 9*9*9, MPI_REAL, myrank, 0, MPI_COMM_WORLD, status, ierr)
  print *, myrank, e(9, 9, 9)

  call MPI_TYPE_FREE(threeslice, ierr)
  call MPI_TYPE_FREE(twoslice, ierr)
  call MPI_TYPE_FREE(oneslice, ierr)
  call MPI_FINALIZE(ierr)
end program mpi1_section3d_ok

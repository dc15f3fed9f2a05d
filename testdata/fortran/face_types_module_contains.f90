! Face types of a 3-D block built by module procedures; a function returns the extent.
module faces
  use mpi
  implicit none
  integer, parameter :: nx = 20, ny = 10, nz = 6
  integer :: xface, yface, zface
contains
  integer function real_bytes()
    integer :: ierr
    integer(kind=MPI_ADDRESS_KIND) :: lb, ext
    call MPI_Type_get_extent(MPI_DOUBLE_PRECISION, lb, ext, ierr)
    real_bytes = int(ext)
  end function real_bytes

  subroutine build_faces(ierr)
    integer, intent(out) :: ierr
    integer :: plane
    integer(kind=MPI_ADDRESS_KIND) :: stride
    ! x = const: ny*nz elements nx apart
    call MPI_Type_vector(ny*nz, 1, nx, MPI_DOUBLE_PRECISION, xface, ierr)
    ! y = const: nz rows of nx, one plane apart
    call MPI_Type_vector(nz, nx, nx*ny, MPI_DOUBLE_PRECISION, yface, ierr)
    ! z = const: a contiguous plane
    call MPI_Type_contiguous(nx*ny, MPI_DOUBLE_PRECISION, plane, ierr) ! expect: type-leak
    stride = nx * ny * real_bytes()
    call MPI_Type_create_hvector(1, 1, stride, plane, zface, ierr)
  end subroutine build_faces
end module faces

program main
  use faces
  implicit none
  integer :: ierr
  call MPI_Init(ierr)
  call build_faces(ierr)
  call MPI_Type_commit(xface, ierr)
  call MPI_Type_commit(yface, ierr)
  call MPI_Type_commit(zface, ierr)
  call MPI_Finalize(ierr)
end program main

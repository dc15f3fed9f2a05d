! SELECT CASE on a direction fixed by the code chooses the stride of a face type.
program select_stride
  use mpi
  implicit none
  integer, parameter :: nx = 8, ny = 6
  integer :: dir, stride, cnt, face, ierr
  call MPI_Init(ierr)
  dir = 2
  select case (dir)
  case (1)
     stride = 1
     cnt = ny
  case (2)
     stride = nx
     cnt = ny
  case default
     stride = nx*ny
     cnt = 1
  end select
  call MPI_Type_vector(cnt, 1, stride, MPI_INTEGER, face, ierr)
  call MPI_Type_commit(face, ierr)
  call MPI_Type_free(face, ierr)
  call MPI_Finalize(ierr)
end program select_stride

! 2decomp&fft style: the sizes of a pencil kept in a derived type, its components as counts.
module decomp_sizes
  implicit none
  type decomp_info
     integer :: xst(3), xen(3), xsz(3)
     integer :: zsz(3)
  end type decomp_info
end module decomp_sizes

program component_counts
  use mpi
  use decomp_sizes
  implicit none
  type(decomp_info) :: decomp
  integer :: plane, pencil, ierr
  call MPI_Init(ierr)
  decomp%xst = 1
  decomp%xsz = (/ 64, 16, 8 /)
  decomp%xen = decomp%xst + decomp%xsz - 1
  decomp%zsz = (/ 16, 8, 64 /)
  call MPI_Type_vector(decomp%xsz(3), decomp%xsz(1), decomp%xsz(1)*decomp%xsz(2), &
                       MPI_DOUBLE_PRECISION, plane, ierr)
  call MPI_Type_contiguous(decomp%zsz(1)*decomp%zsz(2), MPI_DOUBLE_PRECISION, pencil, ierr)
  call MPI_Type_free(plane, ierr)
  call MPI_Type_free(pencil, ierr)
  call MPI_Finalize(ierr)
end program component_counts

! 2decomp&fft's halo code: the sizes of an x-pencil with halo cells, one vector per face.
module decomp_2d_like
  implicit none
  type decomp_info
     integer, dimension(3) :: xsz
  end type decomp_info
end module decomp_2d_like

program halo_xpencil
  use mpi
  use decomp_2d_like
  implicit none
  type(decomp_info) :: decomp
  integer :: s1, s2, s3, level, halo12, halo21, halo31, ierr
  call MPI_Init(ierr)
  decomp%xsz = (/ 64, 16, 8 /)
  level = 1
  s1 = decomp%xsz(1)
  s2 = decomp%xsz(2) + 2*level
  s3 = decomp%xsz(3) + 2*level
  ! north/south: level rows of each x-z plane
  call MPI_Type_vector(s3, s1*level, s1*s2, MPI_DOUBLE_PRECISION, halo12, ierr)
  ! top/bottom: level whole x-y planes
  call MPI_Type_contiguous(s1*s2*level, MPI_DOUBLE_PRECISION, halo21, ierr)
  ! east/west in y-pencil order
  call MPI_Type_vector(s2*s3, level, s1, MPI_DOUBLE_PRECISION, halo31, ierr)
  call MPI_Type_commit(halo12, ierr)
  call MPI_Type_commit(halo21, ierr)
  call MPI_Type_commit(halo31, ierr)
  call MPI_Type_free(halo12, ierr)
  call MPI_Type_free(halo21, ierr)
  call MPI_Type_free(halo31, ierr)
  call MPI_Finalize(ierr)
end program halo_xpencil

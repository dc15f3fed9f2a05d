! SCATTERV: only the root's send arguments count; the other ranks pass zero-length arrays.
program scatterv_root
  use mpi
  implicit none
  integer, parameter :: nloc = 6
  real(kind=8) :: recv(nloc)
  real(kind=8), allocatable :: send(:)
  integer, allocatable :: counts(:), displs(:)
  integer :: pair, rank, nprocs, p, ierr
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call MPI_Type_contiguous(2, MPI_DOUBLE_PRECISION, pair, ierr)
  call MPI_Type_commit(pair, ierr)
  if (rank == 0) then
     allocate(send(nloc*nprocs), counts(nprocs), displs(nprocs))
     send = 1.0d0
     counts = nloc / 2
     displs = (/ ((p - 1)*(nloc/2), p = 1, nprocs) /)
  else
     allocate(send(0), counts(0), displs(0))
  end if
  call MPI_Scatterv(send, counts, displs, pair, recv, nloc/2, pair, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(pair, ierr)
  call MPI_Finalize(ierr)
end program scatterv_root

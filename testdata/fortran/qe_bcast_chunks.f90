! Quantum ESPRESSO style: a broadcast wrapper that sends a long real array in chunks of a
! contiguous type of fixed length, the remainder as plain elements.
module mp_like
  use mpi
  implicit none
  integer, parameter :: dp = selected_real_kind(14, 200)
  integer, parameter :: maxb = 1000
contains
  subroutine bcast_real(buf, n, root, comm)
    integer, intent(in) :: n, root, comm
    real(dp), intent(inout) :: buf(n)
    integer :: chunk, nchunks, ierr
    call MPI_Type_contiguous(maxb, MPI_DOUBLE_PRECISION, chunk, ierr)
    call MPI_Type_commit(chunk, ierr)
    nchunks = n / maxb
    if (nchunks > 0) call MPI_Bcast(buf, nchunks, chunk, root, comm, ierr)
    if (n > nchunks*maxb) then
       call MPI_Bcast(buf(nchunks*maxb + 1), n - nchunks*maxb, MPI_DOUBLE_PRECISION, root, &
                      comm, ierr)
    end if
    call MPI_Type_free(chunk, ierr)
  end subroutine bcast_real
end module mp_like

program qe_bcast
  use mp_like
  implicit none
  real(dp) :: wfc(2500)
  integer :: ierr
  call MPI_Init(ierr)
  wfc = 0.0_dp
  call bcast_real(wfc, size(wfc), 0, MPI_COMM_WORLD)
  call MPI_Finalize(ierr)
end program qe_bcast

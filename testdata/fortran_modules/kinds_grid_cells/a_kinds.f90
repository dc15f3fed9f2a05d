! Kinds as a project defines them once for all its files.
module kinds
  implicit none
  integer, parameter :: sp = selected_real_kind(6)
  integer, parameter :: dp = selected_real_kind(15)
end module kinds
